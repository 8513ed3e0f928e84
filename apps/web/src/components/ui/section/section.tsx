import type { HTMLAttributes, ReactNode } from 'react';
import styles from './section.module.css';

type SectionProps = Omit<HTMLAttributes<HTMLElement>, 'className' | 'title' | 'aria-labelledby'> & {
  /** The id of the section's heading; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
};

/** A part of a screen under its own h2: the heading, then its blocks in a column. */
export function Section({ titleId, title, children, ...props }: SectionProps) {
  return (
    <section {...props} className={styles.section} aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {children}
    </section>
  );
}

/** The h2 of a section, for a block that is a section of its own (a highlighted card). */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className={styles.title}>
      {children}
    </h2>
  );
}
