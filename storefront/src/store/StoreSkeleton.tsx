import type { CSSProperties } from 'react';

function Bone({ kind = 'text', style }: { kind?: 'text' | 'rounded'; style?: CSSProperties }) {
  return <span className={`skeleton skeleton-${kind}`} style={style} />;
}

function CardSkeleton() {
  return (
    <div className="skeleton-card">
      <Bone style={{ width: '70%', height: 32 }} />
      <Bone style={{ width: '90%' }} />
      <Bone style={{ width: '45%', height: 48, margin: '8px 0' }} />
      {[0, 1, 2, 3].map((i) => (
        <Bone key={i} style={{ width: `${80 - i * 8}%` }} />
      ))}
      <Bone kind="rounded" style={{ height: 42, marginTop: 16 }} />
    </div>
  );
}

/** The home while the packages load: the shape of its sections. */
export function StoreSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-label="Cargando paquetes…" className="store-skeleton">
      <Bone kind="rounded" style={{ height: 220 }} />
      <Bone style={{ width: 220, height: 40 }} />
      <div className="card-grid">
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </div>
    </div>
  );
}
