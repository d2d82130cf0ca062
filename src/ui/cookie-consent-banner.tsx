import Button from '@mui/joy/Button';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';

export function CookieConsentBanner({ label, text, agreeLabel, onAgree }: { label: string; text: string; agreeLabel: string; onAgree: () => void }) {
  return (
    <Sheet
      role="region"
      aria-label={label}
      variant="soft"
      color="neutral"
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1250,
        px: 3,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'center',
        boxShadow: 'md',
      }}
    >
      <Typography level="body-sm">{text}</Typography>
      <Button size="sm" onClick={onAgree}>
        {agreeLabel}
      </Button>
    </Sheet>
  );
}
