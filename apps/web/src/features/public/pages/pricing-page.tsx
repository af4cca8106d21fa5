import { PRODUCT_NAME } from '@clubtix/contract';
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * /pricing ("Donation Page"). Its URL names no event, so it can only explain how giving works;
 * the amounts and packages live on each event's own support page.
 */
export default function PricingPage() {
  return (
    <Stack gap="xl" maw={720} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 28, sm: 40 }}>
          Support a club&apos;s events
        </Title>
        <Text size="lg" c="gray.8">
          Clubs on {PRODUCT_NAME} can take donations and offer sponsorship packages for their events. What you give goes
          to the club that runs the event.
        </Text>
      </Stack>

      <Paper component="section" aria-labelledby="how-to-give" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={2} fz="xl" id="how-to-give">
            How to give
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              Open the event&apos;s page from the link the club shared, or from the club&apos;s page.
            </List.Item>
            <List.Item>
              Choose <strong>Donate</strong> to give an amount of your choice, or look at the sponsorship packages and
              what each one offers.
            </List.Item>
            <List.Item>Amounts are shown in the event&apos;s own currency.</List.Item>
          </List>
          <Text c="gray.7">
            Not every event takes donations: the club decides. You pay by card on the event&apos;s page.
          </Text>
        </Stack>
      </Paper>

      <Button component={Link} to="/" variant="outline" style={{ alignSelf: 'flex-start' }}>
        Go to homepage
      </Button>
    </Stack>
  );
}
