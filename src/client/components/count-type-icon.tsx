/** The count type's icon (spec 3 §2.1, §2.2): people for people counts, a monitor for TV panelists. */
export function CountTypeIcon({ countType }: { countType: 'people_count' | 'tv_panelists' }) {
  return (
    <svg className="count-type-icon" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {countType === 'people_count' ? (
        <>
          <circle cx="9" cy="8" r="3.5" />
          <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
          <circle cx="17" cy="9" r="2.5" />
          <path d="M16.5 14.6c2.6.2 4.4 1.9 5 5" />
        </>
      ) : (
        <>
          <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
          <path d="M8 20.5h8M12 16.5v4" />
        </>
      )}
    </svg>
  );
}
