import { Button, ThemeRoot } from '@client-portal/ui';

export function App() {
  return (
    <ThemeRoot>
      <main style={{ padding: 24 }}>
        <h1>Consumer</h1>
        <Button data-testid="primary">Book a meeting</Button>
        <Button data-testid="outline" variant="outline" tone="neutral">
          Cancel
        </Button>
      </main>
    </ThemeRoot>
  );
}
