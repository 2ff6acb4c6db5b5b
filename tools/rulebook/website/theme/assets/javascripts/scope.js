// Material's partials/javascripts/base.html (9.8.1), its scope read from the script element's data
// instead of written into the script: one file for every page, which the Content-Security-Policy
// allows as the site's own. tests/test_policy.py compares it with the installed Material's.
__md_scope=new URL(document.currentScript.dataset.scope,location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}
