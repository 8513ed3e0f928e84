import type { HTMLAttributes, ReactNode } from 'react';
import styles from './list-panel.module.css';

type ListPanelProps = Omit<HTMLAttributes<HTMLUListElement | HTMLOListElement>, 'className'> & {
  /** `ol` where the order means something (a table of contents). */
  as?: 'ul' | 'ol';
  /** `li` elements; a line parts each from the one before. */
  children: ReactNode;
};

/** A list in one bordered panel, its rows parted by lines (search results, a summary's chapters). */
export function ListPanel({ as: List = 'ul', children, ...props }: ListPanelProps) {
  return (
    <List {...props} className={styles.panel}>
      {children}
    </List>
  );
}
