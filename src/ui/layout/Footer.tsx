export const APP_VERSION = '1.0.0';

export function Footer() {
  return (
    <footer className="app-footer">
      <small>
        © {new Date().getFullYear()} Dashboard Invoice · v{APP_VERSION}
      </small>
    </footer>
  );
}
