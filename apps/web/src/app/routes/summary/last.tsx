import { redirect } from 'react-router';
import type { HomeContinue } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { continueQueryOptions } from '../../../features/home/api/get-continue.ts';
import { queryClient } from '../../../lib/react-query.ts';

/**
 * /summary/last: the installed app's shortcut 'Laatste samenvatting' (manifest shortcuts). Opens the
 * chapter she read last, from the 'verder studeren' data (the saved copy offline); the library when
 * she has not read anything yet.
 */
export async function loader(): Promise<Response> {
  const options = continueQueryOptions();
  let data: HomeContinue | undefined = queryClient.getQueryData(options.queryKey);
  if (navigator.onLine) data = (await queryClient.fetchQuery(options).catch(() => undefined)) ?? data;
  const reading = data?.cards.find((card) => card.kind === 'reading');
  return redirect(reading ? paths.summary.read.getHref(reading.summaryId, reading.chapterId) : paths.library.root.getHref());
}

export function Component() {
  return null;
}
