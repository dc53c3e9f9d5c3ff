import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { JOURNEY_TEXT } from '@shared/rules/journey';

const SLIDES: { title: string; body: string }[] = [
  {
    title: 'Stages and gauges',
    body: 'Each column is a stage of the journey. Its gauge fills with the selected brand’s people in that stage, against the brand’s largest stage; the number inside is the count on the chosen tab.',
  },
  {
    title: 'Brands',
    body: 'Pick a brand with the coloured buttons above the stages to draw its journey. Click a stage’s name to compare every brand at that stage.',
  },
  {
    title: 'Transitions',
    body: 'When the journey has transition data, the arrow between two stages gives the share of the stage’s people who are also in the next one. N/A means it cannot be worked out (no people, or a stage without an audience).',
  },
  {
    title: 'Tabs and insights',
    body: 'Total Population draws the populations entered for each cell and goes with Market Level insights. Matched and Modeled draw the people of each cell’s audience and go with Person Level insights.',
  },
  {
    title: 'Selecting stages',
    body: 'Click a gauge to select its stage (the others dim). The insights then show who the people in every selected stage are for the selected brand. Click it again to deselect it.',
  },
];

/** 'Learn More': a few slides on reading the journey chart (spec 3 §2.3). */
export function JourneyHelp() {
  const [index, setIndex] = useState(0);
  const slide = SLIDES[index]!;
  return (
    <Dialog.Root onOpenChange={(open) => (open ? setIndex(0) : undefined)}>
      <Dialog.Trigger className="button button--ghost journey-help__trigger">{JOURNEY_TEXT.learnMore}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog journey-help" aria-describedby={undefined}>
          <Dialog.Title>{JOURNEY_TEXT.learnMore}: {slide.title}</Dialog.Title>
          <section className="journey-help__slide" aria-roledescription="slide" aria-label={`${index + 1} of ${SLIDES.length}`}>
            <p>{slide.body}</p>
          </section>
          <div className="journey-help__dots" aria-hidden="true">
            {SLIDES.map((s, i) => <span key={s.title} className={`journey-help__dot${i === index ? ' journey-help__dot--on' : ''}`} />)}
          </div>
          <div className="dialog__actions">
            <span className="journey-help__position">{index + 1} of {SLIDES.length}</span>
            <button type="button" className="button button--ghost" disabled={index === 0} onClick={() => setIndex(index - 1)}>Previous</button>
            {index < SLIDES.length - 1
              ? <button type="button" className="button button--primary" onClick={() => setIndex(index + 1)}>Next</button>
              : <Dialog.Close className="button button--primary">Done</Dialog.Close>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
