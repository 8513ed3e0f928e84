import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { HomeIcon, LibraryIcon, ProfileIcon, ShopIcon } from '../icons/icons.tsx';
import styles from './nav-bar.module.css';

type NavItem = {
  key: 'home' | 'library' | 'shop' | 'profile';
  href: string;
  Icon: ComponentType<{ size?: number }>;
  /** path prefixes that belong to this tab */
  prefixes: readonly string[];
};

const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', href: paths.home.root.getHref(), Icon: HomeIcon, prefixes: ['/home'] },
  { key: 'library', href: paths.library.root.getHref(), Icon: LibraryIcon, prefixes: ['/bibliotheek', '/summary', '/kaarten'] },
  { key: 'shop', href: paths.shop.root.getHref(), Icon: ShopIcon, prefixes: ['/shop'] },
  { key: 'profile', href: paths.profile.root.getHref(), Icon: ProfileIcon, prefixes: ['/profile'] },
];

export function activeNavKey(pathname: string): NavItem['key'] | null {
  const item = NAV_ITEMS.find((i) => i.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  return item?.key ?? null;
}

/** The main navigation: a bottom tab bar on phones, a top bar on wider screens. */
export function NavBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  return (
    <nav className={styles.nav} aria-label={t('nav.label')}>
      <ul className={styles.list}>
        {NAV_ITEMS.map(({ key, href, Icon }) => {
          const isActive = key === active;
          return (
            <li key={key} className={styles.item}>
              <Link
                to={href}
                className={styles.link}
                aria-current={isActive ? 'page' : undefined}
                data-active={isActive || undefined}
              >
                <Icon size={24} />
                <span className={styles.label}>{t(`nav.${key}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
