/** White controls on the orange top bar (white on the brand orange is 5.2:1). */
export const onBrandButtonSx = {
  color: 'common.white',
  '--Icon-color': 'var(--joy-palette-common-white)',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.15)', color: 'common.white' },
  '&:focus-visible': { outline: '2px solid #fff', outlineOffset: '2px' },
} as const;
