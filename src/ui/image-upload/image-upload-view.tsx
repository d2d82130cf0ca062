import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import LinearProgress from '@mui/joy/LinearProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useCallback, useId, useRef, useState } from 'react';
import { convertToPercentCrop, convertToPixelCrop, ReactCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { useT, type Translate } from '../../i18n';
import {
  minimumCrop,
  toCropRect,
  UPLOAD_ACCEPT,
  type ChosenFile,
  type CropLimits,
  type CropRect,
  type LoadedImage,
  type UploadPhase,
  type UploadProblem,
} from '../../lib/image-crop';
import { CropPreview } from './crop-preview';

export interface ImageUploadViewProps {
  phase: UploadPhase;
  fileName: string | null;
  image: LoadedImage | null;
  /** In the image's natural pixels. */
  crop: CropRect | null;
  limits: CropLimits;
  /** Percent while the bar shows, null while hidden. */
  progress: number | null;
  problem: UploadProblem | null;
  canSubmit: boolean;
  preview: boolean;
  onFilesChosen: (files: ChosenFile[]) => void;
  onCropChange: (crop: CropRect) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

/**
 * The image upload widget as the operator sees it (spec section 2): Select File, the crop with a
 * rule-of-thirds guide, an optional preview, UPLOAD FILE, the progress bar and the messages.
 * It only renders what it is given and reports what the operator does.
 */
export function ImageUploadView(props: ImageUploadViewProps) {
  const { phase, fileName, image, crop, limits, progress, canSubmit, preview } = props;
  const t = useT();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [imageBox, renderedWidth] = useRenderedWidth();
  const showsImage = image !== null && crop !== null && phase !== 'rejected';
  const busy = phase === 'encoding' || phase === 'uploading';

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The real file input stays in the page (tests and assistive tech reach it); the button opens it. */}
        <Button variant="outlined" color="neutral" aria-describedby={hintId} onClick={() => input.current?.click()}>
          {t('upload.selectFile')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={t('upload.selectFile')}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? [], (file) => ({ name: file.name, type: file.type, data: file }));
            // Cleared so that choosing the same file again is still a change.
            event.currentTarget.value = '';
            if (files.length > 0) props.onFilesChosen(files);
          }}
        />
        <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
          {fileName ?? t('upload.noFile')}
        </Typography>
      </Stack>
      <Typography id={hintId} level="body-xs">
        {t('upload.hint', { minWidth: limits.minWidth, minHeight: limits.minHeight })}
      </Typography>

      {showsImage && (
        <Box ref={imageBox} sx={{ maxWidth: '100%', lineHeight: 0 }}>
          {/* ReactCrop works on the displayed image, the machine in natural pixels (so the jpeg has the
              crop's full resolution whatever the screen size): percentages of the image go between them. */}
          <ReactCrop
            crop={convertToPercentCrop({ ...crop, unit: 'px' }, image.width, image.height)}
            aspect={limits.aspect}
            ruleOfThirds
            keepSelection
            disabled={busy}
            {...displayMinimum(image, limits, renderedWidth)}
            ariaLabels={cropLabels(t)}
            onChange={(_, percent) => props.onCropChange(toCropRect(convertToPixelCrop(percent, image.width, image.height)))}
          >
            <img src={image.url} alt={t('upload.image')} style={{ maxWidth: '100%', maxHeight: 480 }} />
          </ReactCrop>
        </Box>
      )}
      {showsImage && preview && <CropPreview image={image} crop={crop} label={t('upload.preview')} />}

      {progress !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress
            determinate
            value={progress}
            aria-label={t('upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuetext={`${progress}%`}
            sx={{ flex: 1 }}
          />
          <Typography level="body-sm" aria-hidden sx={{ minWidth: '4ch', textAlign: 'end' }}>
            {progress}%
          </Typography>
        </Stack>
      )}

      <Status {...props} />

      <Box>
        <Button onClick={props.onSubmit} disabled={!canSubmit}>
          {t('upload.submit')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The one message that fits the moment: a problem, work under way, or the outcome. */
function Status({ phase, problem, limits, onRetry }: ImageUploadViewProps) {
  const t = useT();
  if (phase === 'reading' || phase === 'encoding') {
    return (
      <Typography role="status" level="body-sm">
        {t(phase === 'reading' ? 'upload.reading' : 'upload.encoding')}
      </Typography>
    );
  }
  if (phase === 'succeeded') {
    return (
      <Alert role="status" color="success" variant="soft">
        {t('upload.succeeded')}
      </Alert>
    );
  }
  if (problem === null) return null;
  if (problem.kind === 'uploadFailed') {
    return (
      <Alert
        role="alert"
        color="danger"
        variant="soft"
        endDecorator={
          <Button size="sm" variant="solid" color="danger" onClick={onRetry} disabled={phase !== 'failed'}>
            {t('upload.retry')}
          </Button>
        }
      >
        {t('upload.failed')}
      </Alert>
    );
  }
  return (
    <Alert role="alert" color={problem.kind === 'emptyCanvas' ? 'danger' : 'warning'} variant="soft">
      {problemMessage(problem, limits, t)}
    </Alert>
  );
}

function problemMessage(problem: Exclude<UploadProblem, { kind: 'uploadFailed' }>, limits: CropLimits, t: Translate): string {
  switch (problem.kind) {
    case 'notOneFile':
      return t('upload.notOneFile', { count: problem.count });
    case 'unsupportedType':
      return t('upload.unsupportedType', { name: problem.name });
    case 'tooSmall':
      return t('upload.tooSmall', { width: problem.width, height: problem.height, minWidth: limits.minWidth, minHeight: limits.minHeight });
    case 'unreadable':
      return t('upload.unreadable');
    case 'emptyCanvas':
      return t('upload.canvasEmpty');
  }
}

function cropLabels(t: Translate) {
  return {
    cropArea: t('upload.crop.area'),
    nwDragHandle: t('upload.crop.nw'),
    nDragHandle: t('upload.crop.n'),
    neDragHandle: t('upload.crop.ne'),
    eDragHandle: t('upload.crop.e'),
    seDragHandle: t('upload.crop.se'),
    sDragHandle: t('upload.crop.s'),
    swDragHandle: t('upload.crop.sw'),
    wDragHandle: t('upload.crop.w'),
  };
}

/** ReactCrop's minimum is in displayed pixels; ours (600×350 by default) is in natural ones. */
function displayMinimum(image: LoadedImage, limits: CropLimits, renderedWidth: number) {
  if (renderedWidth <= 0) return {};
  const scale = renderedWidth / image.width;
  const minimum = minimumCrop(image, limits);
  return { minWidth: minimum.width * scale, minHeight: minimum.height * scale };
}

/** The rendered width of the element the ref is put on, kept current as the layout changes. */
function useRenderedWidth(): [(element: HTMLElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    const image = element?.querySelector('img');
    if (!image) return undefined;
    const measure = () => setWidth(image.getBoundingClientRect().width);
    image.addEventListener('load', measure);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(image);
    return () => {
      image.removeEventListener('load', measure);
      observer?.disconnect();
    };
  }, []);
  return [ref, width];
}
