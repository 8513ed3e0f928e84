import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Subscription } from '@blok/contract/shop';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { formatDate } from '../utils/format.ts';
import styles from './shop.module.css';

type SubscriptionCardProps = {
  subscription: Subscription;
  /** called with the canceled subscription (the profile refreshes its own data) */
  onCanceled?: (subscription: Subscription) => void;
  /** a link shown under the card (the profile links to the shop) */
  footer?: React.ReactNode;
};

/** Her Premium: its state, until or from when, and cancel with a confirmation. */
export function SubscriptionCard({ subscription, onCanceled, footer }: SubscriptionCardProps) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const [canceled, setCanceled] = useState<Subscription | null>(null);
  const current = canceled ?? subscription;
  const date = formatDate(current.currentPeriodEnd);
  const isActive = current.status === 'active';

  return (
    <section className={styles.subscription} aria-labelledby="subscription-title">
      <div className={styles.subscriptionHeader}>
        <h2 id="subscription-title" className={styles.sectionTitle}>
          {t('subscription.title')}
        </h2>
        <span className={`${styles.pill} ${isActive ? styles.pillActive : styles.pillCanceled}`}>{t(`subscription.${current.status === 'active' ? 'active' : 'canceled'}`)}</span>
      </div>
      <p className={styles.subscriptionPlan}>{t(`subscription.${current.productId}`)}</p>
      <p className={styles.muted}>{isActive ? t('subscription.renewsOn', { date }) : t('subscription.endsOn', { date })}</p>
      {canceled && (
        <Notice variant="success" role="status">
          {t('subscription.canceledNotice', { date })}
        </Notice>
      )}
      {isActive && (
        <Button variant="secondary" fullWidth onClick={() => setOpen(true)}>
          {t('subscription.cancel')}
        </Button>
      )}
      {footer}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (cancel.isPending) return;
          setOpen(next);
          if (!next) cancel.reset();
        }}
        title={t('subscription.cancelTitle')}
        description={t('subscription.cancelText', { date })}
      >
        {cancel.isError && (
          <Notice variant="error" role="alert">
            {t('subscription.cancelError')}
          </Notice>
        )}
        <Button
          variant="danger"
          fullWidth
          isBusy={cancel.isPending}
          busyLabel={t('subscription.canceling')}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: (result) => {
                setCanceled(result);
                setOpen(false);
                onCanceled?.(result);
              },
            })
          }
        >
          {t('subscription.cancelConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="ghost" fullWidth disabled={cancel.isPending}>
            {t('subscription.cancelKeep')}
          </Button>
        </DialogClose>
      </Dialog>
    </section>
  );
}
