import { PushPublicKeySchema, PushSubscriptionSchema, type PushSubscriptionBody } from '@blok/contract/push';
import { api } from '../../../lib/api-client.ts';

/** GET push/public-key: the VAPID key the browser subscribes with. */
export const getPushPublicKey = () => api.get('push/public-key', PushPublicKeySchema);

/** POST user/push-subscriptions: stores this browser's subscription for the student. */
export const saveDeviceSubscription = (body: PushSubscriptionBody) =>
  api.post('user/push-subscriptions', body, PushSubscriptionSchema, { skipErrorPopup: true });
