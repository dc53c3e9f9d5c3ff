import { useEffect, useState } from 'react';
import { TIMING } from '@shared/constants';
import { BUILD_INFO } from '../lib/build-info';

const SEQUENCE = ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a'];

/** The hidden key sequence shows the build branch, revision and date for 5 s (spec 1 §9). */
export function BuildInfo() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let position = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      position = key === SEQUENCE[position] ? position + 1 : key === SEQUENCE[0] ? 1 : 0;
      if (position === SEQUENCE.length) {
        position = 0;
        setVisible(true);
        clearTimeout(timer);
        timer = setTimeout(() => setVisible(false), TIMING.buildInfoMs);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      clearTimeout(timer);
    };
  }, []);
  if (!visible) return null;
  return (
    <div className="build-info" role="status">
      <span>Branch: {BUILD_INFO.branch}</span>
      <span>Revision: {BUILD_INFO.revision}</span>
      <span>Date: {BUILD_INFO.date}</span>
    </div>
  );
}
