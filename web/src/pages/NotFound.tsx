import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="center-page" id="main">
      <div className="card narrow">
        <h1>Page not found</h1>
        <p>There is no page at this address.</p>
        <Link to="/alerts" className="button primary">Go to alerts</Link>
      </div>
    </main>
  );
}
