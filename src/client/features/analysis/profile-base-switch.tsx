export type ProfileBase = 'buyers' | 'region';

/** What a group's profile is read against: all the brand's buyers, or everyone in the region. */
export function ProfileBaseSwitch({ value, onChange }: { value: ProfileBase; onChange: (base: ProfileBase) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Compared with">
      <button type="button" aria-pressed={value === 'buyers'} onClick={() => onChange('buyers')}>Against all buyers</button>
      <button type="button" aria-pressed={value === 'region'} onClick={() => onChange('region')}>Against the region</button>
    </div>
  );
}
