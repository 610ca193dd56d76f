/** dayjs with the Chinese locale (星期五, 上午…), set once. */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { dayjs };
