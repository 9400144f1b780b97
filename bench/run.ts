// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
import { benchIndicators, formatIndicatorBench } from './indicators';

const rows = await benchIndicators();
console.log('Indicators over 100,000 closes (ours vs technicalindicators):');
console.log(formatIndicatorBench(rows));
