// The first page (sign-in and the other auth pages) gets a stylesheet without the rules only other
// screens use; build.mjs names the whole stylesheet in <meta name="full-stylesheet">, and the
// signed-in layout and pages load it before they render.

let loading: Promise<void> | null = null;

/** Adds the whole stylesheet to the page once; resolves when it applies (or failed to load). */
export function loadFullStylesheet(): Promise<void> {
  if (loading) return loading;
  const href = document.querySelector<HTMLMetaElement>('meta[name="full-stylesheet"]')?.content;
  const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
    (link) => link.getAttribute('href') === href,
  );
  if (!href || present) return (loading = Promise.resolve());
  loading = new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A stylesheet that fails to load leaves the page plain, not broken: render it anyway.
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
  return loading;
}
