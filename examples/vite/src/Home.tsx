import { Link } from 'react-router';

export function Home() {
  return (
    <section className="hero">
      <h1>Software teams that deliver</h1>
      <p>
        Customers follow their projects, teams and delivery metrics in the{' '}
        <Link to="/portal">client portal</Link>.
      </p>
    </section>
  );
}
