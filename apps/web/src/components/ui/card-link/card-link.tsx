import { Link, type LinkProps } from 'react-router';
import styles from './card-link.module.css';

type CardLinkProps = LinkProps & {
  /** The card's layout (display, padding, size); border, surface, shadow and hover are the card's own. */
  className?: string;
};

/**
 * A link shown as a card that lifts on hover. The screen's class sets the layout only; a screen that
 * wants the smaller corners sets `--card-link-radius` there.
 */
export function CardLink({ className, ...props }: CardLinkProps) {
  return <Link {...props} className={className ? `${styles.card} ${className}` : styles.card} />;
}
