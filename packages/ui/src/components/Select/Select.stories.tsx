import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { Select } from './Select.js';
import type { SelectItem, SelectProps } from './Select.js';
import { placed } from '../../stories-support/overlays.js';

const countries: SelectItem[] = [
  { value: 'de', label: 'Germany' },
  { value: 'dk', label: 'Denmark' },
  { value: 'fr', label: 'France' },
  { value: 'no', label: 'Norway', disabled: true },
  { value: 'se', label: 'Sweden' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  args: {
    label: 'Country of residence',
    placeholder: 'Choose a country',
    items: countries,
    onValueChange: fn(),
  },
  render: (args) => (
    <div style={{ maxWidth: 320, minHeight: 320 }}>
      <Select {...args} />
    </div>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const highlighted = (list: HTMLElement) => list.querySelector('[data-highlighted]')?.textContent;
const closed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(body(canvasElement).queryByRole('listbox')).toBeNull());
/** The list a still story opens with `defaultOpen`, once it has finished animating. */
const shown = async (canvasElement: HTMLElement) => {
  const list = await placed(await body(canvasElement).findByRole('listbox'));
  return list;
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Country of residence' });
    await expect(trigger).toHaveTextContent('Choose a country');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/**
 * Mouse (disabled options cannot be chosen), keyboard (Enter, arrows skipping disabled options,
 * typeahead, Escape) and the label focusing the trigger.
 */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const page = body(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Country of residence' });
    await expect(trigger).toHaveTextContent('Choose a country');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Mouse: opens a listbox in the overlay layer, at least as wide as the trigger.
    await userEvent.click(trigger);
    let list = await placed(await page.findByRole('listbox'));
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(list.closest('[data-cp-overlays]')).not.toBeNull();
    await expect(list.getBoundingClientRect().width).toBeGreaterThanOrEqual(
      trigger.getBoundingClientRect().width - 1,
    );
    const norway = within(list).getByRole('option', { name: 'Norway' });
    await expect(norway).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(norway);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.click(within(list).getByRole('option', { name: 'France' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('fr', countries[2]);
    await closed(canvasElement);
    await expect(trigger).toHaveTextContent('France');
    await waitFor(() => expect(trigger).toHaveFocus());

    // Keyboard: Enter opens on the selected option, arrows move (skipping disabled), Enter selects.
    await userEvent.keyboard('{Enter}');
    list = await placed(await page.findByRole('listbox'));
    await waitFor(() => expect(highlighted(list)).toBe('France'));
    await expect(within(list).getByRole('option', { name: 'France' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(highlighted(list)).toBe('Sweden'));
    await userEvent.keyboard('{Enter}');
    await closed(canvasElement);
    await expect(args.onValueChange).toHaveBeenLastCalledWith('se', countries[4]);
    await expect(trigger).toHaveTextContent('Sweden');

    // Typeahead, then Escape closes without changing the value.
    await userEvent.keyboard('{ArrowDown}');
    list = await placed(await page.findByRole('listbox'));
    await waitFor(() => expect(highlighted(list)).toBe('Sweden'));
    await userEvent.keyboard('g');
    await waitFor(() => expect(highlighted(list)).toBe('Germany'));
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await expect(trigger).toHaveTextContent('Sweden');
    await expect(trigger).toHaveFocus();

    // Clicking the label focuses the trigger.
    trigger.blur();
    await userEvent.click(canvas.getByText('Country of residence'));
    await expect(trigger).toHaveFocus();
  },
};

function FormDemo(args: SelectProps) {
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <form
      aria-label="Profile"
      style={{ display: 'grid', gap: 12, maxWidth: 320, minHeight: 320, alignContent: 'start' }}
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(String(new FormData(e.currentTarget).get('country')));
      }}
    >
      <Select {...args} name="country" />
      <div>
        <Button type="submit">Save</Button>
      </div>
      <output>{submitted === null ? 'Not submitted' : `Submitted: ${submitted}`}</output>
    </form>
  );
}

/** A hidden native select carries the value in form submissions. */
export const InAForm: Story = {
  args: { defaultValue: 'dk' },
  render: (args) => <FormDemo {...args} />,
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Profile' }) as HTMLFormElement;
    await expect(new FormData(form).get('country')).toBe('dk');
    await expect(canvas.getByRole('combobox')).toHaveTextContent('Denmark');
    await expect(canvas.getByText('Not submitted')).toBeInTheDocument();
  },
};

/** Choosing an option changes the form's value; submitting sends it. */
export const InAFormTest: Story = {
  ...InAForm,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const form = canvas.getByRole('form', { name: 'Profile' }) as HTMLFormElement;
    await expect(new FormData(form).get('country')).toBe('dk');
    await userEvent.click(canvas.getByRole('combobox'));
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await userEvent.click(within(list).getByRole('option', { name: 'Sweden' }));
    await closed(canvasElement);
    await waitFor(() => expect(new FormData(form).get('country')).toBe('se'));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByText('Submitted: se')).toBeInTheDocument();
  },
};

function ControlledDemo(args: SelectProps) {
  const [value, setValue] = useState<string | null>('de');
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 320, minHeight: 320, alignContent: 'start' }}>
      <Select
        {...args}
        value={value}
        onValueChange={(v, item) => {
          setValue(v);
          args.onValueChange?.(v, item);
        }}
      />
      <p>Value: {value ?? 'none'}</p>
      <div>
        <Button variant="outline" tone="neutral" onClick={() => setValue(null)}>
          Clear
        </Button>
      </div>
    </div>
  );
}

/** The parent owns the value (`value` / `onValueChange`) and can clear it. */
export const Controlled: Story = {
  render: (args) => <ControlledDemo {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toHaveTextContent('Germany');
    await expect(canvas.getByText('Value: de')).toBeInTheDocument();
  },
};

/** Choosing updates the parent's value; the parent's Clear empties the select. */
export const ControlledTest: Story = {
  ...Controlled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger).toHaveTextContent('Germany');
    await userEvent.click(trigger);
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await userEvent.click(within(list).getByRole('option', { name: 'Denmark' }));
    await expect(canvas.getByText('Value: dk')).toBeInTheDocument();
    await closed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(trigger).toHaveTextContent('Choose a country');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 320 }}>
      <Select {...args} size="sm" label="Small" />
      <Select {...args} size="md" label="Medium" defaultValue="se" />
    </div>
  ),
  play: async ({ canvas }) => {
    const sm = canvas.getByRole('combobox', { name: 'Small' }).getBoundingClientRect().height;
    const md = canvas.getByRole('combobox', { name: 'Medium' }).getBoundingClientRect().height;
    await expect(sm).toBeCloseTo(32, 0);
    await expect(md).toBeCloseTo(40, 0);
  },
};

export const WithHelperText: Story = {
  args: { helperText: 'Used for tax reporting.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toHaveAccessibleDescription('Used for tax reporting.');
  },
};

export const Invalid: Story = {
  args: {
    invalid: true,
    required: true,
    errorText: 'Choose your country of residence.',
    helperText: 'Used for tax reporting.',
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription(
      'Used for tax reporting. Choose your country of residence.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'fr' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger).toBeDisabled();
    await expect(trigger).toHaveTextContent('France');
  },
};

/** A click on the disabled trigger opens nothing. */
export const DisabledTest: Story = {
  ...Disabled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(body(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

/** The options are still being fetched: the open list shows a spinner row, nothing can be chosen. */
export const Loading: Story = {
  args: { items: [], loading: true, defaultOpen: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('combobox')).toHaveAttribute('aria-busy', 'true');
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(list).toHaveAccessibleDescription('Loading…');
    await expect(within(list).queryAllByRole('option')).toHaveLength(0);
  },
};

/** While loading, the current value stays shown and no key chooses anything. */
export const LoadingTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { loading: true, defaultValue: 'fr' },
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger).toHaveTextContent('France');
    await expect(trigger).toHaveAttribute('aria-busy', 'true');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await expect(within(list).queryAllByRole('option')).toHaveLength(0);
    await expect(within(list).getByText('Loading…')).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    // Typeahead on the closed trigger does not choose either.
    await userEvent.keyboard('g');
    await expect(trigger).toHaveTextContent('France');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

const LOAD_MS = 400;

/** Loads its options when the list first opens. */
function LoadsOnOpen(args: SelectProps) {
  const [loading, setLoading] = useState(true);
  return (
    <div style={{ maxWidth: 320, minHeight: 320 }}>
      <Select
        {...args}
        loading={loading}
        items={loading ? [] : countries}
        onOpenChange={(open) => {
          if (open && loading) setTimeout(() => setLoading(false), LOAD_MS);
        }}
      />
    </div>
  );
}

/** Options arriving while the list is open replace the spinner row; focus stays in the list. */
export const LoadsWhileOpenTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  render: (args) => <LoadsOnOpen {...args} />,
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('combobox');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await within(list).findByRole('option', { name: 'Germany' }, { timeout: LOAD_MS * 10 });
    await expect(list).not.toHaveAttribute('aria-busy');
    await expect(list).not.toHaveAttribute('aria-describedby');
    await expect(trigger).not.toHaveAttribute('aria-busy');
    // The same listbox element: it kept focus, so the keyboard goes on working.
    await expect(body(canvasElement).getByRole('listbox')).toBe(list);
    await waitFor(() => expect(list).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(highlighted(list)).toBe('Germany'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('de', countries[0]);
    await closed(canvasElement);
    await expect(trigger).toHaveTextContent('Germany');
  },
};

/** Nothing to choose from: the open list says so in a row that is not an option. */
export const NoOptions: Story = {
  args: { label: 'Project', placeholder: 'Choose a project', items: [], defaultOpen: true },
  play: async ({ canvasElement }) => {
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await expect(list).toHaveAccessibleDescription('No options');
    await expect(within(list).queryAllByRole('option')).toHaveLength(0);
    await expect(within(list).getByText('No options')).toBeVisible();
  },
};

/** The empty list opens by keyboard, is described as empty, and Escape closes it. */
export const NoOptionsTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { label: 'Project', placeholder: 'Choose a project', items: [], emptyText: 'No projects yet' },
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Project' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const list = await placed(await body(canvasElement).findByRole('listbox'));
    await waitFor(() => expect(list).toHaveFocus());
    await expect(list).toHaveAccessibleDescription('No projects yet');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

const longItems: SelectItem[] = [
  { value: 'a', label: 'Quarterly statements and annual reports for the family trust and its subsidiaries' },
  { value: 'b', label: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  { value: 'c', label: 'Short' },
];

export const LongText: Story = {
  args: {
    label: 'Folder for the documents you upload from the client portal today',
    items: longItems,
    defaultValue: 'a',
    defaultOpen: true,
  },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('combobox');
    await expect(trigger.scrollWidth).toBeLessThanOrEqual(trigger.clientWidth + 1);
    const list = await shown(canvasElement);
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth + 1);
  },
};

export const Narrow: Story = { ...LongText, parameters: { width: 280 } };

export const Dark: Story = {
  args: { helperText: 'Used for tax reporting.' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 320, minHeight: 360 }}>
      <Select {...args} invalid errorText="Choose your country of residence." label="Invalid" />
      <Select {...args} disabled label="Disabled" defaultValue="fr" />
      <Select {...args} defaultValue="se" defaultOpen />
    </div>
  ),
  parameters: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('combobox', { name: 'Country of residence' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await shown(canvasElement);
  },
};

export const RightToLeft: Story = {
  args: {
    label: 'بلد الإقامة',
    placeholder: 'اختر بلدًا',
    items: [
      { value: 'eg', label: 'مصر' },
      { value: 'jo', label: 'الأردن' },
      { value: 'ma', label: 'المغرب' },
    ],
    defaultOpen: true,
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('combobox', { name: 'بلد الإقامة' });
    // The chevron sits at the inline end: the left.
    const chevron = trigger.querySelector('svg')?.getBoundingClientRect();
    const text = within(trigger).getByText('اختر بلدًا').getBoundingClientRect();
    await expect(chevron?.right ?? Infinity).toBeLessThanOrEqual(text.left);
    const list = await shown(canvasElement);
    await expect(
      Math.abs(list.getBoundingClientRect().right - trigger.getBoundingClientRect().right),
    ).toBeLessThan(2);
  },
};
