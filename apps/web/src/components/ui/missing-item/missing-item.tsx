import { ButtonLink } from '../button/button.tsx';
import { Notice } from '../notice/notice.tsx';
import styles from './missing-item.module.css';

export type WayOn = { to: string; label: string };

/**
 * What a screen shows when the item it opens is not there (the API answered 404 `not_found`, or 400
 * for an id that cannot exist): the message, read out at once, and the ways on, the nearest first.
 */
export function MissingItem({ message, ways }: { message: string; ways: readonly WayOn[] }) {
  return (
    <div className={styles.block}>
      <Notice variant="error" role="alert">
        {message}
      </Notice>
      <div className={styles.ways}>
        {ways.map((way, i) => (
          <ButtonLink key={way.to} to={way.to} variant={i === 0 ? 'secondary' : 'ghost'}>
            {way.label}
          </ButtonLink>
        ))}
      </div>
    </div>
  );
}
