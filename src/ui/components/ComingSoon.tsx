// The placeholder a route shows until its screen lands (issue 4: guards and menus are real).
import { PageHeader } from './PageHeader';

export function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-labelledby="coming-soon-title">
      <PageHeader title={title} />
      <article>
        <h2 id="coming-soon-title">Coming soon</h2>
        <p>This screen is being built. Its route, permission check and menu entry already work.</p>
      </article>
    </section>
  );
}

export default ComingSoon;
