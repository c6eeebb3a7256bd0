import type { ReactNode } from 'react';

/** A soft band of the home page: a heading and its intro beside what they introduce. */
export function SplitBand(props: { id: string; heading: string; intro: string; children: ReactNode }) {
  return (
    <section className="band band--soft" aria-labelledby={props.id}>
      <div className="split">
        <div>
          <h2 id={props.id}>{props.heading}</h2>
          <p className="muted">{props.intro}</p>
        </div>
        {props.children}
      </div>
    </section>
  );
}
