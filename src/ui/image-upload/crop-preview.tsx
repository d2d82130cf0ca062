import Box from '@mui/joy/Box';
import type { CropRect, LoadedImage } from '../../lib/image-crop';

/**
 * The cropped result, drawn by the browser from the same image (positioned and scaled inside a
 * box of the crop's shape) rather than by a canvas: it follows the crop frame while it moves and
 * costs no encoding. The jpeg that is sent comes from the same rectangle.
 */
export function CropPreview({ image, crop, label, width = 240 }: { image: LoadedImage; crop: CropRect; label: string; width?: number }) {
  if (crop.width <= 0 || crop.height <= 0) return null;
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        width,
        maxWidth: '100%',
        aspectRatio: `${crop.width} / ${crop.height}`,
        borderRadius: 'sm',
        border: '1px solid',
        borderColor: 'neutral.outlinedBorder',
      }}
    >
      <img
        src={image.url}
        alt={label}
        style={{
          position: 'absolute',
          maxWidth: 'none',
          width: `${(image.width / crop.width) * 100}%`,
          left: `${(-crop.x / crop.width) * 100}%`,
          top: `${(-crop.y / crop.height) * 100}%`,
        }}
      />
    </Box>
  );
}
