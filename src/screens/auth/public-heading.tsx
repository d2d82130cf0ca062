import Typography from '@mui/joy/Typography';

/** The title and one-line subtitle a public page's card opens with (sign in, sign up, recovery). */
export function PublicHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Typography level="h3" component="h1">
        {title}
      </Typography>
      <Typography level="body-sm">{subtitle}</Typography>
    </div>
  );
}
