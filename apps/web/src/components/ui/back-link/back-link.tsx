import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { ArrowLeftIcon } from '../../icons/icons.tsx';
import styles from './back-link.module.css';

type BackLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  children: ReactNode;
  /** Where the screen puts it (a margin); the link's own look is here. */
  className?: string;
};

/** The link back to the screen she came from: an arrow and its label, at the top of a screen. */
export function BackLink({ children, className, ...props }: BackLinkProps) {
  return (
    <Link {...props} className={className ? `${styles.back} ${className}` : styles.back}>
      <ArrowLeftIcon size={18} />
      <span>{children}</span>
    </Link>
  );
}
