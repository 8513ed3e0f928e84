import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from 'i18next';
import type { HomeBanner } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { buttonClassName } from '../../../components/ui/button/button.tsx';
import { useHomeBanner } from '../api/get-home-banner.ts';
import { SparkIcon } from './home-icons.tsx';
import styles from './home.module.css';

/**
 * What the banner shows, in Dutch from the API's message codes: the userMessage (the Premium offer)
 * overrides title, text, button and link when present.
 */
export function bannerContent(banner: HomeBanner, t: TFunction<'home'>) {
  const name = banner.firstName;
  // An empty library (issue 26): say so honestly and lead to the search, never sell chapters she has none of.
  if (banner.message === 'empty') {
    return {
      title: name ? t('banner.empty.titleNamed', { name }) : t('banner.empty.title'),
      text: t('banner.empty.text'),
      buttonText: t('banner.empty.button'),
      url: paths.library.root.getHref(),
      isUserMessage: false,
    };
  }
  if (banner.userMessage) {
    return { title: t('banner.premium.title'), text: t('banner.premium.text'), buttonText: t('banner.premium.button'), url: banner.userMessage.url, isUserMessage: true };
  }
  const title =
    banner.message === 'progress'
      ? name
        ? t('banner.progress.titleNamed', { name })
        : t('banner.progress.title')
      : name
        ? t('banner.start.titleNamed', { name })
        : t('banner.start.title');
  const text = banner.message === 'progress' ? t('banner.progress.text', { count: banner.readChapterCount }) : t('banner.start.text');
  return { title, text, buttonText: t('banner.button'), url: banner.link, isUserMessage: false };
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Home's welcome banner (GET home-banner/). Nothing is shown when it cannot be loaded. */
export function WelcomeBanner() {
  const { t } = useTranslation('home');
  const banner = useHomeBanner();
  if (banner.isPending) return <div className={styles.bannerSkeleton} aria-hidden="true" />;
  if (!banner.data) return null;
  const content = bannerContent(banner.data, t);
  const className = buttonClassName({ variant: 'secondary', size: 'sm' }, styles.bannerButton);
  return (
    <section className={styles.banner} aria-labelledby="home-banner-title" data-user-message={content.isUserMessage || undefined}>
      <span className={styles.bannerIcon} aria-hidden="true">
        <SparkIcon size={22} />
      </span>
      <div className={styles.bannerBody}>
        <h2 id="home-banner-title" className={styles.bannerTitle}>
          {content.title}
        </h2>
        <p className={styles.bannerText}>{content.text}</p>
        {isExternal(content.url) ? (
          <a href={content.url} className={className} rel="noopener noreferrer" target="_blank">
            {content.buttonText}
          </a>
        ) : (
          <Link to={content.url} className={className}>
            {content.buttonText}
          </Link>
        )}
      </div>
    </section>
  );
}
