// A step that appears (a preview's progress, the preview, the results) comes into view below
// the sticky header and its heading takes the focus: a click visibly starts something, and a
// screen reader reads where the page now is. `step` names the step (its change moves the focus),
// `headingId` its heading (with tabIndex -1).
import { useEffect } from 'react';

export function useStepFocus(step: string | null, headingId: string): void {
  useEffect(() => {
    if (step === null) return;
    const heading = document.getElementById(headingId);
    heading?.focus({ preventScroll: true });
    (heading?.closest('section') ?? heading)?.scrollIntoView({ block: 'start' });
  }, [step, headingId]);
}
