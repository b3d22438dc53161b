import Link from 'next/link';

export default function Home() {
  return (
    <section className="hero">
      <h1>Software teams that deliver</h1>
      <p>
        Customers follow their projects, teams and delivery metrics in the{' '}
        <Link href="/portal">client portal</Link>.
      </p>
    </section>
  );
}
