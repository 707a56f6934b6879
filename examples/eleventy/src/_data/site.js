// Where the site will be published: the JSON-LD's links are absolute (SITE_URL=https://shop.example/ npm run build)
export default { url: process.env.SITE_URL ?? 'http://localhost:8080/' };
