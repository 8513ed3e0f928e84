import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { ChosenStudySummary } from '../../../features/onboarding/components/chosen-study-summary.tsx';
import { WelcomeStep } from '../../../features/onboarding/components/welcome-step.tsx';
import { EMPTY_CHOICE, type StudyChoice } from '../../../features/onboarding/utils/study-choice.ts';
import { AppSplash } from '../../app-splash.tsx';
import { useAfterSignIn } from './after-sign-in.ts';

// The later steps load when she gets there: a first visit shows the welcome step (decision 014).
const OnboardingSlider = lazy(() => import('../../../features/onboarding/components/onboarding-slider.tsx').then((m) => ({ default: m.OnboardingSlider })));
const RegisterForm = lazy(() => import('../../../features/auth/components/register-form.tsx').then((m) => ({ default: m.RegisterForm })));

type Step = 'welcome' | 'onboarding' | 'account';

/** Register: Welcome (study choice), onboarding slider, account form (spec section 2). */
export function Component() {
  const [step, setStep] = useState<Step>('welcome');
  const [choice, setChoice] = useState<StudyChoice>(EMPTY_CHOICE);
  const afterSignIn = useAfterSignIn();
  const container = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Each step is a new screen: start at its top, with focus on its heading. The step's code may still
  // be loading: StepShown sits in the same Suspense boundary, so it runs once the step is there.
  const onStepShown = () => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
    const heading = container.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  };

  return (
    <div ref={container}>
      <Suspense fallback={<AppSplash />}>
        {step === 'welcome' && <WelcomeStep choice={choice} onChoiceChange={setChoice} onStart={() => setStep('onboarding')} />}
        {step === 'onboarding' && <OnboardingSlider onFinish={() => setStep('account')} />}
        {step === 'account' && (
          <RegisterForm choice={choice} onSuccess={afterSignIn}>
            <ChosenStudySummary choice={choice} onChange={() => setStep('welcome')} />
          </RegisterForm>
        )}
        <StepShown key={step} onShown={onStepShown} />
      </Suspense>
    </div>
  );
}

/** Calls onShown once, when the step it is keyed by has been committed (its lazy code included). */
function StepShown({ onShown }: { onShown: () => void }) {
  const shown = useRef(onShown);
  useEffect(() => shown.current(), []);
  return null;
}
