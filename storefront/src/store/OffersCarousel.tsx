import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '../theme/icons';

const GAP_PX = 16;

/**
 * A carousel without a library: a row that scrolls sideways with CSS scroll snap (touch and
 * trackpads swipe it, the keyboard scrolls it), and buttons that move it one slide. Fewer offers
 * than slides share the width. Slides shown at once by the window's width (store §2: 600 to
 * 1920 px, 1 to 4 slides): one below 600 px, two from 600, three from 960, four from 1280 up to
 * 1920 and beyond, in plain CSS (`.carousel-slide` in theme/store.css, with `--slides`).
 */
export function OffersCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    // Scrolling fires often: render again only when an edge is reached or left.
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    // Browsers without ResizeObserver (and jsdom) measure now and when the window changes size.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    // The observer's first call comes after the browser's own layout: measuring here would force
    // one while the home renders (100 ms of a phone's main thread in Lighthouse's trace).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children.length]);

  const move = (direction: 1 | -1) => {
    const el = track.current;
    const slide = el?.firstElementChild as HTMLElement | null;
    if (!el || !slide) return;
    el.scrollBy({ left: direction * (slide.offsetWidth + GAP_PX), behavior: 'smooth' });
  };

  const arrows = !(edges.start && edges.end);
  return (
    <div role="region" aria-roledescription="carrusel" aria-label={label} className="carousel">
      <div
        ref={track}
        onScroll={measure}
        tabIndex={0}
        data-testid="offers-track"
        className="carousel-track"
        style={{ '--slides': children.length, '--gap': `${GAP_PX}px` } as CSSProperties}
      >
        {children.map((child, index) => (
          <div key={index} role="group" aria-roledescription="diapositiva" aria-label={`${index + 1} de ${children.length}`} className="carousel-slide">
            {child}
          </div>
        ))}
      </div>
      {arrows && (
        <div className="carousel-arrows">
          <button type="button" className="icon-btn" aria-label="Oferta anterior" onClick={() => move(-1)} disabled={edges.start}>
            <Icon name="chevronLeft" />
          </button>
          <button type="button" className="icon-btn" aria-label="Oferta siguiente" onClick={() => move(1)} disabled={edges.end}>
            <Icon name="chevronRight" />
          </button>
        </div>
      )}
    </div>
  );
}
