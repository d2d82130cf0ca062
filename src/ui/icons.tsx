import SvgIcon, { type SvgIconProps } from '@mui/joy/SvgIcon';
import { ICON_PATHS } from './icon-paths';

/**
 * The icons of the Joy pages, drawn inline (src/ui/icon-paths.ts) so no icon font or external
 * request is involved. Decorative by default: the button around them carries the label. The plain
 * pages (sign-in, shell, overview) draw the same paths without Joy: src/ui/plain-icons.tsx.
 */
function icon(path: string) {
  return function Icon(props: SvgIconProps) {
    return (
      <SvgIcon aria-hidden focusable="false" {...props}>
        <path d={path} />
      </SvgIcon>
    );
  };
}

export const MenuIcon = icon(ICON_PATHS.menu);
export const BellIcon = icon(ICON_PATHS.bell);
export const SettingsIcon = icon(ICON_PATHS.settings);
export const LogoutIcon = icon(ICON_PATHS.logout);
export const CloseIcon = icon(ICON_PATHS.close);
export const StoreIcon = icon(ICON_PATHS.store);
export const SwapIcon = icon(ICON_PATHS.swap);
export const OrderIcon = icon(ICON_PATHS.order);
export const UserIcon = icon(ICON_PATHS.user);
export const ProjectIcon = icon(ICON_PATHS.project);
export const StarIcon = icon(ICON_PATHS.star);
export const EditIcon = icon(ICON_PATHS.edit);
export const DeleteIcon = icon(ICON_PATHS.delete);
export const FeatureIcon = icon(ICON_PATHS.feature);
export const BellRingIcon = icon(ICON_PATHS.bellRing);
export const DeviceIcon = icon(ICON_PATHS.device);
