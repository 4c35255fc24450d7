import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The button appears once the window has scrolled past this many pixels. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A floating 'Scroll to top' button, shown after 300 px of scrolling. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;

  return (
    <Button
      type="button"
      size="icon"
      aria-label="Scroll to top"
      title="Scroll to top"
      // Above the mobile bottom bar; in the corner on wider screens.
      className="fixed right-4 bottom-20 z-40 rounded-full shadow-lg md:right-8 md:bottom-8"
      onClick={() =>
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
      }
    >
      <ArrowUp aria-hidden="true" />
    </Button>
  );
}
