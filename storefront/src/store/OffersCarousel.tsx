import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Slides shown at once by the window's width (store §2: 600 to 1920 px, 1 to 4 slides): one
 * below 600 px, two from 600, three from 960, four from 1280 up to 1920 and beyond.
 */
export const SLIDES_AT = [
  { minWidth: 0, slides: 1 },
  { minWidth: 600, slides: 2 },
  { minWidth: 960, slides: 3 },
  { minWidth: 1280, slides: 4 },
] as const;

const GAP_PX = 16;

const basisAt = (slides: number) => `calc((100% - ${(slides - 1) * GAP_PX}px) / ${slides})`;

/**
 * A carousel without a library: a row that scrolls sideways with CSS scroll snap (touch and
 * trackpads swipe it, the keyboard scrolls it), and buttons that move it one slide. Fewer offers
 * than slides share the width.
 */
export function OffersCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    measure();
    // Browsers without ResizeObserver (and jsdom) measure when the window changes size.
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
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
  const sx = Object.fromEntries(
    SLIDES_AT.map(({ minWidth, slides }) => [`@media (min-width: ${minWidth}px)`, { flexBasis: basisAt(Math.min(slides, children.length)) }]),
  );
  return (
    <Box role="region" aria-roledescription="carrusel" aria-label={label} sx={{ position: 'relative' }}>
      <Box
        ref={track}
        onScroll={measure}
        tabIndex={0}
        data-testid="offers-track"
        sx={{
          display: 'flex',
          gap: `${GAP_PX}px`,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          // Snap to the padding's edge (it keeps the cards' shadows in view), so the first slide rests at scroll 0.
          scrollPaddingInline: '4px',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          py: 1,
          px: 0.5,
          mx: -0.5,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {children.map((child, index) => (
          <Box
            key={index}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${index + 1} de ${children.length}`}
            sx={{ flex: '0 0 auto', scrollSnapAlign: 'start', ...sx }}
          >
            {child}
          </Box>
        ))}
      </Box>
      {arrows && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <IconButton aria-label="Oferta anterior" onClick={() => move(-1)} disabled={edges.start} sx={{ border: 1, borderColor: 'divider' }}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label="Oferta siguiente" onClick={() => move(1)} disabled={edges.end} sx={{ border: 1, borderColor: 'divider' }}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
