import { useEffect, useRef, useState } from 'react';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { ChosenStudySummary } from '../../../features/onboarding/components/chosen-study-summary.tsx';
import { OnboardingSlider } from '../../../features/onboarding/components/onboarding-slider.tsx';
import { WelcomeStep } from '../../../features/onboarding/components/welcome-step.tsx';
import { EMPTY_CHOICE, type StudyChoice } from '../../../features/onboarding/utils/study-choice.ts';
import { useAfterSignIn } from './login.tsx';

type Step = 'welcome' | 'onboarding' | 'account';

/** Register: Welcome (study choice), onboarding slider, account form (spec section 2). */
export function Component() {
  const [step, setStep] = useState<Step>('welcome');
  const [choice, setChoice] = useState<StudyChoice>(EMPTY_CHOICE);
  const afterSignIn = useAfterSignIn();
  const container = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Each step is a new screen: start at its top, with focus on its heading.
  useEffect(() => {
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
  }, [step]);

  return (
    <div ref={container}>
      {step === 'welcome' && <WelcomeStep choice={choice} onChoiceChange={setChoice} onStart={() => setStep('onboarding')} />}
      {step === 'onboarding' && <OnboardingSlider onFinish={() => setStep('account')} />}
      {step === 'account' && (
        <RegisterForm choice={choice} onSuccess={afterSignIn}>
          <ChosenStudySummary choice={choice} onChange={() => setStep('welcome')} />
        </RegisterForm>
      )}
    </div>
  );
}
