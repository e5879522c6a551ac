import { Navigate, useParams } from 'react-router';
import { pathTo } from '@/routes/paths';

/**
 * `/program/{program}/{topic}`, the topic crumb of the activity screens: a topic is shown inside
 * its program, so this opens the program detail.
 */
export function ActivityTopicPage() {
  const { program = '' } = useParams();
  return <Navigate replace to={pathTo('program-detail', { id: program })} />;
}
