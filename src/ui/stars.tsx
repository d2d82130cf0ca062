import { useId } from 'react';
import { starsOf } from '../lib/format';
import { ICON_PATHS } from './icons';
import './stars.css';

/**
 * A rating as five stars (full, half, empty), read out as "4.5 out of 5 stars". Plain UI
 * (stars.css): the overview shows it without Joy, the Joy pages the same.
 */
export function Stars({ rating, label, size = 18 }: { rating: number; label: string; size?: number }) {
  const { full, half, empty } = starsOf(rating);
  const halfFill = `${useId()}-half`;
  const kinds = [...Array<'full'>(full).fill('full'), ...Array<'half'>(half).fill('half'), ...Array<'empty'>(empty).fill('empty')];
  return (
    <div className="plain-stars" role="img" aria-label={label}>
      {kinds.map((kind, index) => (
        <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
          {kind === 'half' && (
            <defs>
              <linearGradient id={halfFill}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="transparent" />
              </linearGradient>
            </defs>
          )}
          <path
            d={ICON_PATHS.star}
            fill={kind === 'full' ? 'currentColor' : kind === 'half' ? `url(#${halfFill})` : 'none'}
            stroke="currentColor"
            strokeWidth={1.5}
          />
        </svg>
      ))}
    </div>
  );
}
