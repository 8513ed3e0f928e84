import type { ReactNode } from 'react';
import { BackLink } from '../ui/back-link/back-link.tsx';
import { CardLink } from '../ui/card-link/card-link.tsx';
import styles from './page-shell.module.css';

type PageShellProps = {
  title: string;
  intro?: ReactNode;
  back?: { to: string; label: string };
  children?: ReactNode;
};

/** Standard screen frame: optional back link, the screen's one h1, an intro line, content. */
export function PageShell({ title, intro, back, children }: PageShellProps) {
  return (
    <div className={styles.page}>
      {back && (
        <BackLink to={back.to} className={styles.back}>
          {back.label}
        </BackLink>
      )}
      <h1 className={styles.title}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children && <div className={styles.content}>{children}</div>}
    </div>
  );
}

/** A row of navigation cards for screens that link onwards. */
export function LinkList({ label, links }: { label: string; links: readonly { to: string; label: string; description?: string }[] }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.to}>
            <CardLink to={link.to} className={styles.linkCard}>
              <span className={styles.linkLabel}>{link.label}</span>
              {link.description && <span className={styles.linkDescription}>{link.description}</span>}
            </CardLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
