import { Link } from '@tanstack/react-router';
import { TEXT } from '@shared/constants';

/** Any path that matches no route (spec 1 §2.1). */
export function NotFoundPage() {
  return (
    <main className="standalone-page" id="main">
      <h1>{TEXT.notFoundTitle}</h1>
      <p>{TEXT.notFoundBody}</p>
      <Link to="/home" className="button button--primary">
        Go to the home page
      </Link>
    </main>
  );
}
