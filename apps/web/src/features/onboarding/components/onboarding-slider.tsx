import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { CourseIllustration, type CourseImageCode } from '../../../components/illustrations/course-illustration.tsx';
import { useSwipe } from '../../../hooks/use-swipe.ts';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import styles from './onboarding-slider.module.css';

/** A horizontal swipe longer than this moves to the next or previous slide (spec section 9). */
export { SWIPE_THRESHOLD_PX } from '../../../hooks/use-swipe.ts';
/** Slide animation length (spec section 9); none with prefers-reduced-motion. */
export const SLIDE_ANIMATION_MS = 300;

const ALL_SLIDES: readonly { key: 'summaries' | 'questions' | 'flashcards'; image: CourseImageCode }[] = [
  { key: 'summaries', image: 'boeken' },
  { key: 'questions', image: 'examen' },
  { key: 'flashcards', image: 'studeren' },
];

/** Step 2 of registration: three slides about what Blok offers. */
export function OnboardingSlider({ onFinish }: { onFinish: () => void }) {
  const { t } = useTranslation('auth');
  const { flashcardsEnabled } = useFeatureFlags();
  // With flashcards off, the slide that promises them goes too.
  const SLIDES = flashcardsEnabled ? ALL_SLIDES : ALL_SLIDES.filter((slide) => slide.key !== 'flashcards');
  const [index, setIndex] = useState(0);
  const last = SLIDES.length - 1;

  const goTo = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  const advance = () => (index >= last ? onFinish() : goTo(index + 1));

  const swipe = useSwipe({ onSwipeLeft: () => goTo(index + 1), onSwipeRight: () => goTo(index - 1) });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') goTo(index + 1);
    else if (event.key === 'ArrowLeft') goTo(index - 1);
  };

  const dragX = swipe.offsetX;
  const dragging = swipe.isDragging;

  return (
    <div className={styles.slider}>
      <div className={styles.top}>
        <h1 className="visually-hidden">{t('register.onboardingLabel')}</h1>
        <Button variant="link" size="sm" className={styles.skip} onClick={onFinish}>
          {t('register.skip')}
        </Button>
      </div>

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys bubble up from the slide; the dots and Continue are the button alternatives */}
      <div
        className={styles.viewport}
        role="region"
        aria-roledescription={t('register.carousel')}
        aria-label={t('register.onboardingLabel')}
        onPointerDown={swipe.handlers.onPointerDown}
        onPointerMove={swipe.handlers.onPointerMove}
        onPointerUp={swipe.handlers.onPointerUp}
        onPointerCancel={swipe.handlers.onPointerCancel}
        onKeyDown={onKeyDown}
        data-testid="onboarding-viewport"
      >
        <div
          className={styles.track}
          style={{
            transform: `translateX(calc(${-index * 100}% + ${dragX}px))`,
            transitionDuration: dragging ? '0ms' : undefined,
          }}
          aria-live="polite"
        >
          {SLIDES.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.key}
                className={styles.slide}
                role="group"
                aria-roledescription={t('register.slide')}
                aria-label={t('register.slideLabel', { current: i + 1, total: SLIDES.length })}
                aria-hidden={!active}
                inert={!active}
              >
                <div className={styles.art}>
                  <CourseIllustration code={slide.image} className={styles.illustration} />
                </div>
                <h2 className={styles.title}>{t(`register.slides.${slide.key}.title`)}</h2>
                <p className={styles.text}>{t(`register.slides.${slide.key}.text`)}</p>
              </div>
            );
          })}
        </div>
      </div>

      <div className={styles.dots}>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className={styles.dot}
            aria-label={t('register.goToSlide', { number: i + 1 })}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>

      <Button fullWidth onClick={advance}>
        {t('register.continue')}
      </Button>
    </div>
  );
}
