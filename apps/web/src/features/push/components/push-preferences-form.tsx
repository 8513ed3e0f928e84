import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PushPreference } from '@blok/contract/push';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useUpdatePushPreference } from '../api/update-push-preference.ts';
import { getPushPublicKey, saveDeviceSubscription } from '../api/subscribe-device.ts';
import { devicePushState, subscribeThisDevice, type DevicePushState } from '../utils/web-push.ts';
import { SwitchRow } from '../../../components/ui/switch-row/switch-row.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './push.module.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof WEEKDAYS)[number];

type SwitchProps = { title: string; text: string; checked: boolean; onChange: (checked: boolean) => void; children?: ReactNode };

/** A labelled on/off switch (a checkbox with role switch) with its explanation. */
function PreferenceSwitch({ title, text, checked, onChange, children }: SwitchProps) {
  const id = useId();
  return (
    <div className={styles.preference}>
      <SwitchRow id={id} title={title} text={text} checked={checked} onCheckedChange={onChange} />
      {children}
    </div>
  );
}

/** Whether this browser gets the messages: the permission and the service worker's subscription. */
function useDevicePush() {
  const [state, setState] = useState<DevicePushState | 'checking'>('checking');
  useEffect(() => {
    let live = true;
    void devicePushState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, []);
  const [problem, setProblem] = useState<'denied' | 'unsupported' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  /** Must run inside a click: the browser asks for permission. */
  const enable = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const { publicKey } = await getPushPublicKey();
      const result = await subscribeThisDevice(publicKey);
      if (!result.ok) {
        setProblem(result.reason);
        if (result.reason !== 'failed') setState(result.reason);
        return;
      }
      await saveDeviceSubscription(result.subscription);
      setState('on');
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };
  return { state, problem, busy, enable };
}

/** The push preferences (GET and PUT user/push-preference) and this device's subscription. */
export function PushPreferencesForm({ initial }: { initial: PushPreference }) {
  const { t } = useTranslation('profile');
  const [pref, setPref] = useState<PushPreference>(initial);
  const [daysError, setDaysError] = useState(false);
  const save = useUpdatePushPreference();
  const device = useDevicePush();

  const change = (next: PushPreference) => {
    setPref(next);
    save.reset();
  };
  const toggleDay = (day: Weekday, on: boolean) => {
    const days = on ? [...pref.dailyReminder.days, day].sort((a, b) => a - b) : pref.dailyReminder.days.filter((d) => d !== day);
    change({ ...pref, dailyReminder: { ...pref.dailyReminder, days } });
  };
  const anyOn = pref.dailyReminder.enabled || pref.flashcardsDue.enabled || pref.subjectNews.enabled;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const missingDays = pref.dailyReminder.enabled && pref.dailyReminder.days.length === 0;
    setDaysError(missingDays);
    if (missingDays) return;
    save.mutate(pref);
    // Turning something on from a device that does not get messages yet: ask now, in the click.
    if (anyOn && device.state === 'off') void device.enable();
  };

  const deviceText =
    device.state === 'on'
      ? t('push.deviceOn')
      : device.state === 'denied'
        ? t('push.deviceDenied')
        : device.state === 'unsupported'
          ? t('push.deviceUnsupported')
          : t('push.deviceOff');

  return (
    <div className={styles.stack}>
      <Card as="section" spacious className={styles.panel} aria-labelledby="push-device-heading">
        <h2 id="push-device-heading" className={styles.panelTitle}>
          {t('push.deviceTitle')}
        </h2>
        <p aria-live="polite">{device.state === 'checking' ? null : deviceText}</p>
        {device.state === 'off' && (
          <Button variant="secondary" isBusy={device.busy} onClick={() => void device.enable()}>
            {t('push.deviceEnable')}
          </Button>
        )}
        {device.problem === 'failed' && (
          <Notice variant="warning" role="alert">
            {t('push.deviceError')}
          </Notice>
        )}
      </Card>

      <Card as="form" spacious className={styles.panel} onSubmit={onSubmit} noValidate aria-labelledby="push-form-heading">
        <h2 id="push-form-heading" className="visually-hidden">
          {t('push.title')}
        </h2>
        <PreferenceSwitch
          title={t('push.dailyTitle')}
          text={t('push.dailyText')}
          checked={pref.dailyReminder.enabled}
          onChange={(enabled) => change({ ...pref, dailyReminder: { ...pref.dailyReminder, enabled } })}
        >
          {pref.dailyReminder.enabled && (
            <div className={styles.daily}>
              <label className={styles.timeField}>
                <span className={styles.fieldLabel}>{t('push.time')}</span>
                <input
                  type="time"
                  className={styles.timeInput}
                  value={pref.dailyReminder.time}
                  step={300}
                  required
                  onChange={(e) => {
                    if (/^\d{2}:\d{2}$/.test(e.target.value)) change({ ...pref, dailyReminder: { ...pref.dailyReminder, time: e.target.value } });
                  }}
                />
              </label>
              <fieldset className={styles.days} aria-describedby={daysError ? 'push-days-error' : undefined}>
                <legend className={styles.fieldLabel}>{t('push.days')}</legend>
                <div className={styles.dayList}>
                  {WEEKDAYS.map((day) => (
                    <label key={day} className={styles.day}>
                      <input type="checkbox" checked={pref.dailyReminder.days.includes(day)} onChange={(e) => toggleDay(day, e.target.checked)} />
                      <span aria-hidden="true">{t(`push.weekdaysShort.${day}`)}</span>
                      <span className="visually-hidden">{t(`push.weekdays.${day}`)}</span>
                    </label>
                  ))}
                </div>
                {daysError && (
                  <p id="push-days-error" className={styles.error} role="alert">
                    {t('push.noDays')}
                  </p>
                )}
              </fieldset>
            </div>
          )}
        </PreferenceSwitch>
        <PreferenceSwitch
          title={t('push.flashcardsTitle')}
          text={t('push.flashcardsText')}
          checked={pref.flashcardsDue.enabled}
          onChange={(enabled) => change({ ...pref, flashcardsDue: { enabled } })}
        />
        <PreferenceSwitch
          title={t('push.newsTitle')}
          text={t('push.newsText')}
          checked={pref.subjectNews.enabled}
          onChange={(enabled) => change({ ...pref, subjectNews: { enabled } })}
        />
        <div aria-live="polite">{save.isSuccess && <Notice variant="success">{t('push.saved')}</Notice>}</div>
        {save.isError && (
          <Notice variant="error" role="alert">
            {t('push.error')}
          </Notice>
        )}
        <Button type="submit" fullWidth isBusy={save.isPending} busyLabel={t('push.saving')}>
          {t('push.save')}
        </Button>
      </Card>
    </div>
  );
}
