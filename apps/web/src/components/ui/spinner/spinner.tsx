import styles from './spinner.module.css';

/** A small decorative spinner; the busy text next to it carries the meaning. */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
