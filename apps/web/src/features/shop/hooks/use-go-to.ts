import { useNavigate } from 'react-router';

/**
 * Follows a URL from the payment flow: a page of this app (test checkout, return page; also when
 * PUBLIC_URL makes it absolute) through the router, anything else (Mollie's hosted checkout) as a
 * full page load.
 */
export function useGoTo() {
  const navigate = useNavigate();
  return (url: string) => {
    const target = new URL(url, window.location.origin);
    if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}${target.hash}`);
    else window.location.assign(target.href);
  };
}
