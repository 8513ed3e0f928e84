import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeBanner } from '@blok/contract/library';
import { buttonClassName } from '../../../components/ui/button/button.tsx';
import { useHomeBanner } from '../api/get-home-banner.ts';
import { SparkIcon } from './home-icons.tsx';
import styles from './home.module.css';

/** What the banner shows: the userMessage overrides title, text, button and link when present. */
export function bannerContent(banner: HomeBanner, defaultButton: string) {
  return banner.userMessage
    ? { title: banner.userMessage.title, text: banner.userMessage.text, buttonText: banner.userMessage.buttonText, url: banner.userMessage.url, isUserMessage: true }
    : { title: banner.title, text: banner.content, buttonText: defaultButton, url: banner.link, isUserMessage: false };
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Home's welcome banner (GET home-banner/). Nothing is shown when it cannot be loaded. */
export function WelcomeBanner() {
  const { t } = useTranslation('home');
  const banner = useHomeBanner();
  if (banner.isPending) return <div className={styles.bannerSkeleton} aria-hidden="true" />;
  if (!banner.data) return null;
  const content = bannerContent(banner.data, t('banner.button'));
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
