import { PlainSpinner } from './plain/PlainSpinner';

/** Shown while a screen or the signed-in user loads: plain markup, so it paints before antd has loaded. */
export function FullPageSpinner({ testId = 'page-loading' }: { testId?: string }) {
  return (
    <div className="full-page-center" data-testid={testId}>
      <PlainSpinner />
    </div>
  );
}
