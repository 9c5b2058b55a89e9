/**
 * The scripts the control pages run, as plain ES5-style strings: no build step, nothing to load.
 * Both pages poll their own address and swap in the parts that changed, so the server's renderer
 * is the only one.
 */

/** How often the pages ask for changes, in milliseconds. */
export const POLL_MS = 1000;

// Shared by both pages: polling with a live indicator, and the copy buttons.
const COMMON = `
var live=document.getElementById('live'),busy=false;
function poll(then){
 if(busy||document.hidden)return;busy=true;
 fetch(location.pathname+location.search,{cache:'no-store',headers:{Accept:'text/html'}})
  .then(function(r){return r.text();})
  .then(function(t){then(new DOMParser().parseFromString(t,'text/html'));live.removeAttribute('data-paused');live.textContent='Live';})
  .catch(function(){live.setAttribute('data-paused','');live.textContent='Offline';})
  .then(function(){busy=false;});
}
function every(then){
 setInterval(function(){poll(then);},${POLL_MS});
 document.addEventListener('visibilitychange',function(){if(document.hidden){live.setAttribute('data-paused','');live.textContent='Paused';}else poll(then);});
}
function swapClock(doc){var c=doc.getElementById('clock');if(c)document.getElementById('clock').replaceWith(c);}
document.addEventListener('click',function(e){
 var b=e.target.closest&&e.target.closest('button.copy');if(!b)return;
 var text=b.dataset.copy,done=function(word){b.textContent=word;setTimeout(function(){b.textContent='Copy';},1500);};
 // The Clipboard API needs a focused document; the older copy command covers the rest.
 var fallback=function(){var t=document.createElement('textarea');t.value=text;t.setAttribute('readonly','');t.style.position='fixed';t.style.opacity='0';
  document.body.appendChild(t);t.select();var ok=false;try{ok=document.execCommand('copy');}catch(x){}t.remove();b.focus();done(ok?'Copied':'Copy failed');};
 if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).then(function(){done('Copied');},fallback);else fallback();
});
`;

/** The list page: lists, tabs, filters, faults. */
export const CONTROL_CLIENT = `(function(){
${COMMON}
var parts=['orders','deliveries'],form=document.getElementById('faults');
function ids(tbody){var s={};tbody.querySelectorAll('tr[data-id]').forEach(function(r){s[r.dataset.id]=1;});return s;}
// What the server last sent per list: the live rows also carry local marks (Copied, fresh).
var last={};parts.forEach(function(name){last[name]=document.querySelector('#'+name+' tbody').innerHTML;});
function swap(doc){
 parts.forEach(function(name){
  var now=document.querySelector('#'+name+' tbody'),next=doc.querySelector('#'+name+' tbody');
  if(!now||!next||last[name]===next.innerHTML)return;
  last[name]=next.innerHTML;
  var seen=ids(now);now.replaceWith(next);
  next.querySelectorAll('tr[data-id]').forEach(function(r){if(!seen[r.dataset.id])r.classList.add('fresh');});
  ['-count','-pager'].forEach(function(suffix){var a=document.getElementById(name+suffix),b=doc.getElementById(name+suffix);if(a&&b)a.replaceWith(b);});
 });
 swapClock(doc);
 // A one-shot fault is used up by its request: show what is set now, unless someone is choosing.
 var f=doc.getElementById('faults');
 if(f&&!form.contains(document.activeElement))['api_do','orders'].forEach(function(n){form[n].value=f[n].value;});
}
every(swap);
// Tabs switch in place (the address follows, so a reload or the poll keeps the tab); links without script.
var tabs=[].slice.call(document.querySelectorAll('[role=tab]'));
function select(tab,focus){
 tabs.forEach(function(t){var on=t===tab;t.setAttribute('aria-selected',String(on));t.tabIndex=on?0:-1;document.getElementById(t.getAttribute('aria-controls')).hidden=!on;});
 history.replaceState(null,'',tab.href);if(focus)tab.focus();
}
tabs.forEach(function(t,i){
 t.addEventListener('click',function(e){e.preventDefault();select(t,false);});
 t.addEventListener('keydown',function(e){var d=e.key==='ArrowRight'?1:e.key==='ArrowLeft'?-1:0;if(d){e.preventDefault();select(tabs[(i+d+tabs.length)%tabs.length],true);}});
});
document.querySelectorAll('form.filters select').forEach(function(s){s.addEventListener('change',function(){s.form.requestSubmit();});});
form.addEventListener('submit',function(e){
 e.preventDefault();var out=document.getElementById('faults-status');
 fetch('/_sandbox/faults',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({api_do:form.api_do.value,orders:form.orders.value})})
  .then(function(r){out.textContent=r.ok?'Set.':'Not set (HTTP '+r.status+').';})
  .catch(function(){out.textContent='Not set: the sandbox did not answer.';});
});
})();`;

/** The order detail page: its parts kept current, and the merchant's actions. */
export const DETAIL_CLIENT = `(function(){
${COMMON}
var parts=['summary','changes','ignored','hooks','object'],last={};
function key(el){return el?el.innerHTML:'';}
parts.forEach(function(id){last[id]=key(document.getElementById(id));});
function swap(doc){
 parts.forEach(function(id){
  var now=document.getElementById(id),next=doc.getElementById(id);
  if(!now||!next||last[id]===key(next))return;
  last[id]=key(next);
  // Keep open what the reader opened.
  var open={};now.querySelectorAll('details[id]').forEach(function(d){if(d.open)open[d.id]=1;});
  next.querySelectorAll('details[id]').forEach(function(d){if(open[d.id])d.open=true;});
  now.replaceWith(next);
 });
 var a=doc.getElementById('actions'),b=document.getElementById('actions');
 // The action forms are swapped only when nobody is typing in them.
 if(a&&b&&!b.contains(document.activeElement)&&key(a)!==last.actions){last.actions=key(a);var out=b.querySelector('#action-outcome').cloneNode(true);b.replaceWith(a);a.querySelector('#action-outcome').replaceWith(out);}
 swapClock(doc);
}
last.actions=key(document.getElementById('actions'));
every(swap);
document.addEventListener('submit',function(e){
 var f=e.target.closest('form[data-action]');if(!f)return;e.preventDefault();
 var out=document.getElementById('action-outcome'),button=f.querySelector('button');
 if(button.disabled)return;button.disabled=true;out.removeAttribute('data-kind');out.textContent='Sending…';
 var body={};if(f.amount&&f.amount.value.trim())body[f.amount.dataset.field]=Number(f.amount.value.replace(',','.'));
 fetch(location.pathname+'/'+f.dataset.action,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
  .then(function(r){return r.json().catch(function(){return {};}).then(function(j){
   var msgs=[];Object.keys(j||{}).forEach(function(k){if(Array.isArray(j[k]))j[k].forEach(function(i){msgs.push((k==='__all__'?'':k+': ')+i.message);});});
   out.dataset.kind=r.ok?'ok':'refused';
   out.textContent=r.ok?'Done: the order is '+String(j.status).replace('_',' ')+'.':(msgs.join(' ')||('Refused (HTTP '+r.status+').'));
   button.disabled=false;busy=false;poll(swap);
  });})
  .catch(function(){out.dataset.kind='refused';out.textContent='The sandbox did not answer.';button.disabled=false;});
});
})();`;
