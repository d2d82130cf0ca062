import type { SVGProps } from 'react';
import { ICON_PATHS } from './icon-paths';

/**
 * The icons of the plain pages (the shell, its widgets, the overview), drawn as Joy's SvgIcon
 * draws them (1em square, currentColor, 24 px unless the context sets another font size:
 * `.plain-icon` in src/ui/plain.css) but without Joy. Same paths as the Joy pages' icons
 * (src/ui/icon-paths.ts). Decorative: the control around them carries the label.
 */
type PlainIconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function icon(path: string) {
  return function PlainIcon({ className, ...props }: PlainIconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false" className={className ? `plain-icon ${className}` : 'plain-icon'} {...props}>
        <path d={path} />
      </svg>
    );
  };
}

export const MenuIcon = icon(ICON_PATHS.menu);
export const LogoutIcon = icon(ICON_PATHS.logout);
export const CloseIcon = icon(ICON_PATHS.close);
export const BellIcon = icon(ICON_PATHS.bell);
export const BellRingIcon = icon(ICON_PATHS.bellRing);
export const SettingsIcon = icon(ICON_PATHS.settings);
export const SwapIcon = icon(ICON_PATHS.swap);
export const StoreIcon = icon(ICON_PATHS.store);
export const OrderIcon = icon(ICON_PATHS.order);
export const UserIcon = icon(ICON_PATHS.user);
export const ProjectIcon = icon(ICON_PATHS.project);
export const FeatureIcon = icon(ICON_PATHS.feature);
