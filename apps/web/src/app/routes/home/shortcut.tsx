import { Shortcuts } from '../../../features/home/components/shortcuts.tsx';

/** /home/shortcut: quick actions to jump into studying. */
export function Component() {
  return <Shortcuts />;
}
