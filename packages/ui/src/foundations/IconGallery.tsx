import { icons, type LucideIcon } from 'lucide-react';
import { type CSSProperties, useDeferredValue, useId, useState } from 'react';
import { Icon } from '../components/Icon/index.js';

/**
 * Foundations: the one icon set (lucide, at the kit's one stroke width) — the icons the kit and the
 * portal use, with what each means there, and every lucide icon, searchable by name and meaning.
 * `IconGallery.test.ts` keeps IN_USE equal to the icons the source imports.
 */

/** Every lucide icon the kit and the portal draw, by name, with where and what for. */
export const IN_USE: readonly { name: keyof typeof icons; use: string }[] = [
  { name: 'ArrowDown', use: 'Stat: went down · Table: sorted descending' },
  { name: 'ArrowUp', use: 'Stat: went up · Table: sorted ascending' },
  { name: 'ArrowUpDown', use: 'Table: sortable, not sorted' },
  { name: 'Minus', use: 'Stat: no change' },
  { name: 'Check', use: 'Menu and Select: the chosen item · settings menu: the current choice' },
  { name: 'ChevronDown', use: 'Menu and Select triggers' },
  { name: 'ChevronLeft', use: 'Table: previous page (mirrored right to left)' },
  { name: 'ChevronRight', use: 'Table: next page (mirrored right to left)' },
  { name: 'X', use: 'Dialog, Drawer and toast: close' },
  { name: 'Info', use: 'Toast: information' },
  { name: 'CircleCheck', use: 'Toast: success · Progress: complete' },
  { name: 'TriangleExclamationPoint', use: 'Toast: warning' },
  { name: 'CircleX', use: 'Toast: error' },
  { name: 'CircleExclamationPoint', use: 'ErrorState and Stat: failed to load · Progress: error' },
  { name: 'ExternalLink', use: 'Link: opens another site' },
  { name: 'UserRound', use: 'Avatar: no picture and no name' },
  { name: 'House', use: 'Navigation: Home' },
  { name: 'LayoutDashboard', use: 'Navigation: Dashboard' },
  { name: 'FolderKanban', use: 'Navigation: Projects' },
  { name: 'Users', use: 'Navigation: Talent' },
  { name: 'Bot', use: 'Navigation: AI agents' },
  { name: 'FileText', use: 'Navigation: Account' },
  { name: 'BookOpen', use: 'Navigation: Knowledge base' },
  { name: 'UsersRound', use: 'Navigation: My teams' },
  { name: 'PanelLeftClose', use: 'Navigation: collapse to mini' },
  { name: 'PanelLeftOpen', use: 'Navigation: expand from mini' },
  { name: 'Menu', use: 'Small screens: open the navigation' },
  { name: 'Settings2', use: 'Display settings' },
  { name: 'Sun', use: 'Settings: light colours' },
  { name: 'Moon', use: 'Settings: dark colours' },
  { name: 'Monitor', use: 'Settings: colours of the system' },
  { name: 'Contrast', use: 'Settings: bold contrast' },
  { name: 'Type', use: 'Settings: normal contrast' },
  { name: 'LogOut', use: 'Settings: sign out (mirrored right to left)' },
  { name: 'MessageCircle', use: 'Book a meeting' },
  { name: 'Compass', use: 'Page not found' },
  { name: 'Search', use: 'Talent and knowledge base: search' },
  { name: 'SearchX', use: 'Talent and knowledge base: nothing matches' },
  { name: 'WifiOff', use: 'Talent and knowledge base: offline' },
  { name: 'ArrowLeft', use: 'Knowledge base: back to all articles (mirrored right to left)' },
  { name: 'FileQuestionMark', use: 'Knowledge base: article not found' },
  { name: 'Files', use: 'Account: no documents' },
  { name: 'Download', use: 'Account: download a document' },
  { name: 'MapPin', use: 'Talent and My Teams: location' },
  { name: 'Clock', use: 'Talent: local time' },
  { name: 'Briefcase', use: 'Talent: project' },
  { name: 'CalendarDays', use: 'Talent: dates on the project' },
  { name: 'Building', use: 'Provider staff: the company acted for · no companies to act for' },
  { name: 'Plus', use: 'Requests: new request' },
  { name: 'Inbox', use: 'Requests and the staff queue: no requests' },
  { name: 'ArrowRight', use: 'Staff queue: next page (mirrored right to left)' },
  { name: 'Send', use: 'Request: send a comment' },
  { name: 'Lock', use: 'Request: an internal note (staff only)' },
  { name: 'UserPlus', use: 'Request: add a colleague' },
  { name: 'UserMinus', use: 'Request: remove a participant' },
  { name: 'Upload', use: 'Request: choose files to attach' },
  { name: 'FileUp', use: 'Request: upload a newer version of a file' },
  { name: 'Eye', use: 'Request: preview a file' },
  { name: 'FolderInput', use: 'Request: save a file to the documents' },
  { name: 'ShieldBan', use: 'Request: a file removed by the virus scan' },
  { name: 'RefreshCw', use: 'Request: changed meanwhile, reload' },
  { name: 'ChevronUp', use: 'Request: hide the history' },
];

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: 8,
  listStyle: 'none',
  padding: 0,
  margin: '12px 0 24px',
};
const tile: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  padding: '12px 8px',
  border: '1px solid #d5dbe3',
  borderRadius: 8,
  textAlign: 'center',
  fontSize: 12,
  overflowWrap: 'anywhere',
};

/** Docs pages style `code` and text at their own sizes: a tile's words are set here. */
const small: CSSProperties = {
  fontSize: 12,
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  whiteSpace: 'normal',
};

function Tile({ name, use }: { name: string; use?: string }) {
  const glyph = icons[name as keyof typeof icons] as LucideIcon;
  return (
    <li style={tile}>
      <Icon icon={glyph} size="lg" />
      <code style={small}>{name}</code>
      {use ? <span style={{ ...small, color: '#4b5563' }}>{use}</span> : null}
    </li>
  );
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** The gallery: a search box over the icons in use (name and meaning) and every lucide icon (name). */
export function IconGallery() {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const match = (text: string) => deferred === '' || text.toLowerCase().includes(deferred);
  const inUse = IN_USE.filter((icon) => match(`${icon.name} ${words(icon.name)} ${icon.use}`));
  const all = Object.keys(icons).filter((name) => match(`${name} ${words(name)}`));
  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', fontWeight: 700, marginBlockEnd: 4 }}>
        Search icons
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="e.g. arrow, close, settings"
        style={{ inlineSize: '100%', maxInlineSize: 420, padding: '8px 12px', fontSize: 16 }}
      />
      <p aria-live="polite" style={{ fontSize: 14 }}>
        {inUse.length} of {IN_USE.length} in use · {all.length} of {Object.keys(icons).length} in lucide
      </p>
      <h2>In use</h2>
      {inUse.length ? (
        <ul style={grid} aria-label="Icons in use">
          {inUse.map((icon) => (
            <Tile key={icon.name} name={icon.name} use={icon.use} />
          ))}
        </ul>
      ) : (
        <p>No icon in use matches “{query}”.</p>
      )}
      <h2>All lucide icons</h2>
      {all.length ? (
        <ul style={grid} aria-label="All lucide icons">
          {all.map((name) => (
            <Tile key={name} name={name} />
          ))}
        </ul>
      ) : (
        <p>No lucide icon matches “{query}”.</p>
      )}
    </div>
  );
}
