import type { HTMLAttributes, ReactNode, Ref } from 'react';
import styles from './bottom-panel.module.css';

/** The panel's classes for what goes in it: `title`, `quote`, `row`, `rowEnd`, `field`, `inner`. */
export const panelStyles = styles;

/**
 * The panel at the bottom of the screen that acts on text she chose (the reader's highlights and
 * notes, her PDF's selection): fixed above the safe area, its content in one column.
 */
export function BottomPanel({ children, ref, as: Tag = 'section', ...rest }: HTMLAttributes<HTMLElement> & { children: ReactNode; ref?: Ref<HTMLDivElement>; as?: 'section' | 'div' }) {
  return (
    <Tag ref={ref} className={styles.panel} {...rest}>
      <div className={styles.inner}>{children}</div>
    </Tag>
  );
}
