import { PRODUCT_NAME } from '@clubtix/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useSession } from '../../auth/session';

const features = [
  {
    title: 'Sell tickets and extras',
    text: 'Ticket types, limits and add-ons for every event or tour, with card payments and a QR code per attendee.',
    mark: 'T',
  },
  {
    title: 'Check in at the door',
    text: 'Staff scan QR codes with a phone; every guest gets in once, even with several doors at once.',
    mark: 'Q',
  },
  {
    title: 'Donations and sponsorships',
    text: 'Let supporters give what they choose, or sell sponsorship packages with their own benefits.',
    mark: 'D',
  },
  {
    title: 'Made for many clubs',
    text: 'Each club runs its own events, admins and attendee lists, kept apart from every other club.',
    mark: 'C',
  },
];

export default function LandingPage() {
  const { token } = useSession();

  return (
    <Stack gap={48}>
      <Stack component="section" align="center" ta="center" gap="md" pt={{ base: 'md', sm: 48 }}>
        <BrandMark size={64} />
        <Badge variant="light" color="gold" size="lg">
          Event and tour ticketing for clubs
        </Badge>
        <Title order={1} fz={{ base: 34, sm: 52 }} maw={760}>
          {PRODUCT_NAME}: tickets, check-in and support for your club&apos;s events
        </Title>
        <Text size="lg" c="dimmed" maw={640}>
          Publish events and tours, sell tickets and extras, take donations and sponsorships, and check attendees in by
          QR code, all in one place.
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          {token ? (
            <Button component={Link} to="/dashboard" size="md">
              Go to your dashboard
            </Button>
          ) : (
            <>
              <Button component={Link} to="/register" size="md">
                Register
              </Button>
              <Button component={Link} to="/signin" size="md" variant="default">
                Sign in
              </Button>
            </>
          )}
        </Group>
      </Stack>

      <SimpleGrid component="section" aria-label="What ClubTix does" cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        {features.map((feature) => (
          <Card key={feature.title} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
                <Text fw={800}>{feature.mark}</Text>
              </ThemeIcon>
              <Title order={2} fz="lg">
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
