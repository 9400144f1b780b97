import { Box } from '@chakra-ui/react';
import { OFFLINE_BANNER_OFFSET } from '../../components/offline/bannerOffset';
import { SIDEBAR_WIDTH } from './layoutSizes';
import { SidebarContent } from './SidebarContent';

/** The fixed side navigation of screens 768 px and wider. */
export function Sidebar() {
  return (
    <Box
      as="aside"
      position="fixed"
      top={OFFLINE_BANNER_OFFSET}
      bottom="0"
      insetStart="0"
      w={SIDEBAR_WIDTH}
      bg="bg.panel"
      borderEndWidth="1px"
      zIndex="sticky"
    >
      <SidebarContent />
    </Box>
  );
}
